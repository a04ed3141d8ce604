exec {fd}>f
(( fd >= 10 )) && echo "fd is 10 or more"
exec {fd}>&-
