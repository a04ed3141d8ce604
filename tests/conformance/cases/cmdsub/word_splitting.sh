printf '[%s]' "$(echo 'a   b')"
echo
printf '[%s]' $(echo 'a   b')
echo
