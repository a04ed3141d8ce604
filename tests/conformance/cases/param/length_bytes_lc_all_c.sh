v='héllo wörld'
LC_ALL=C.UTF-8
echo "${#v}"
LC_ALL=C
echo "${#v}"
unset LC_ALL
LC_CTYPE=POSIX
echo "${#v}"
