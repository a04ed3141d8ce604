echo 'aaxxbbxxcc  dd' | tr -ds x ' b'
