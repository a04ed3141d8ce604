# A non-empty GLOBIGNORE turns dotglob on; an empty one changes nothing;
# unsetting it turns dotglob off again.
shopt dotglob
GLOBIGNORE=x
shopt dotglob
GLOBIGNORE=
shopt -p dotglob
unset GLOBIGNORE
shopt -p dotglob
GLOBIGNORE=":"
shopt -p dotglob
GLOBIGNORE=
shopt -p dotglob
shopt -u dotglob
GLOBIGNORE=x
shopt -p dotglob
echo "$BASHOPTS" | tr : '\n' | grep -c dotglob
