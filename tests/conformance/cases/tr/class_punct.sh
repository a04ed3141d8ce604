echo 'a,b.c!d?(e)' | tr -d '[:punct:]'
