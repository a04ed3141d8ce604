export LC_ALL=C.UTF-8
v='héllo'
echo "${#v}"
