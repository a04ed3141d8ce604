v='abc'
echo "${v/b/\&}"
echo "${v/b/"&"}"
