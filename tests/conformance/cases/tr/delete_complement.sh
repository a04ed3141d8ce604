echo 'a1b2-c3!' | tr -cd '[:alnum:]'; echo
