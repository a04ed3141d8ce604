v="it's a 'test'"
echo "${v@Q}"
e=
echo "${e@Q}"
