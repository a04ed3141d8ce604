v='héllo'
echo "${#v}"
