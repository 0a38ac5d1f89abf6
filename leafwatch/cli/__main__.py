from leafwatch.cli import main

raise SystemExit(main())
