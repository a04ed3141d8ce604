export NAME=world
echo 'hello $NAME and ${NAME}!' | envsubst
