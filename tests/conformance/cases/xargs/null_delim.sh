printf 'a b\0c\nd\0' | xargs -0 -n1 echo | sed -n 'l'
