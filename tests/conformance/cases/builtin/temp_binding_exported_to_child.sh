V=visible sh -c 'echo "V=$V"'
echo "V=${V-unset}"
