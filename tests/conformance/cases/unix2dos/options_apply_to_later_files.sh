# check-stderr
printf 'a\n' > f; printf 'a\n' > g
unix2dos f -m g; echo "status $?"; od -c f g
unix2dos -q f -n g g2; echo "status $?"; od -c g2
