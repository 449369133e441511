// The system's SQLite header, for the CSQLite module (see module.modulemap).
#include <sqlite3.h>
