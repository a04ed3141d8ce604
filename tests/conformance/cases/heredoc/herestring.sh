x=world
cat <<< "hello $x"
wc -c <<< abc
cat <<< $'two\nlines'
