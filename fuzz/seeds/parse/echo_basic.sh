echo hello   world
echo
echo ''
