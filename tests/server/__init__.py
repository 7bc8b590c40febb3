"""Server tests: real uvicorn processes, real websockets, SQLite files and a real Postgres."""
