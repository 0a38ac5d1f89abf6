"""Pure rules engines for table games. Standard library only: no clock, no global random, no I/O."""
