shopt -s lastpipe
printf '%s\n' a b c | while read -r l; do last=$l; done
echo "last=$last"
