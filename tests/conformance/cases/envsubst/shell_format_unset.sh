echo '[$X] [$Y]' | Y=y envsubst '$X'
