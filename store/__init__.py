"""What leafwatch keeps: the journal of every game (SQLite, one owner of its connection), game record
files and the user's files read with one clear line for every way they can be wrong."""
