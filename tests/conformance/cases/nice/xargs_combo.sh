echo | nice -n 7 xargs nice
