echo "a\$b \"q\" \\ \` \x \n"
