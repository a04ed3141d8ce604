printf "'a b' c\n" | xargs -n1 echo
