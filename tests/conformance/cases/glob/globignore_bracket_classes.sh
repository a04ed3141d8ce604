# GLOBIGNORE is split at the colons outside bracket expressions, so a
# pattern may use [[:class:]]; `.` and `..` are always left out then.
touch _a.py pyproject.toml 2023.log .env 'has space.doc'
GLOBIGNORE=[[:alnum:]]*
echo *.*
GLOBIGNORE=[![:alnum:]]*
echo *.*
GLOBIGNORE=*[[:space:]]*:*.log
echo *.*
GLOBIGNORE=[[:digit:]_.]*
echo *.*
