# the locale comes from LC_ALL, else LC_CTYPE, else LANG; an empty one does not count
v='é'
echo "LC_ALL=C: ${#v}"
LANG=C.UTF-8
echo "LC_ALL=C LANG=C.UTF-8: ${#v}"
unset LC_ALL
echo "LANG=C.UTF-8: ${#v}"
LC_CTYPE=C
echo "LC_CTYPE=C LANG=C.UTF-8: ${#v}"
LC_ALL=C.UTF-8
echo "LC_ALL=C.UTF-8 LC_CTYPE=C: ${#v}"
LC_ALL=
echo "LC_ALL= LC_CTYPE=C: ${#v}"
unset LC_CTYPE LANG LC_ALL
echo "none: ${#v}"
