ln -s tgt link
readlink -n link; echo "|"
