# With `shopt -u globskipdots`, a pattern starting with `.` matches `.`
# and `..` too (never `*` under dotglob); GLOBIGNORE still drops them.
mkdir d
cd d
touch .env a
echo .*
shopt -u globskipdots
echo .* .[e.]*
echo ../d/.*
shopt -s dotglob
echo *
GLOBIGNORE=a
echo .*
