# A local GLOBIGNORE sets dotglob for the call; returning restores the
# global one, and with it dotglob. Prefix assignments, declare and read
# count as assignments too.
f() { local GLOBIGNORE=x; shopt -p dotglob; }
f
shopt -p dotglob
g() { local GLOBIGNORE; shopt -p dotglob; }
GLOBIGNORE=y
shopt -u dotglob
g
shopt -p dotglob
unset GLOBIGNORE
GLOBIGNORE=z shopt -p dotglob
shopt -p dotglob
declare GLOBIGNORE=w
shopt -p dotglob
unset GLOBIGNORE
read -r GLOBIGNORE <<< "a"
shopt -p dotglob
unset GLOBIGNORE
printf -v GLOBIGNORE %s b
shopt -p dotglob
