shopt -s lastpipe
false | true | read -r x
echo "${PIPESTATUS[@]}"
shopt -u lastpipe
echo kept | read -r y
echo "y=[$y]"
