> empty
wc -c < empty
ls
