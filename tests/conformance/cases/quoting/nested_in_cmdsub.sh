echo "$(echo "inner \"q\" $(echo 'deep')")"
