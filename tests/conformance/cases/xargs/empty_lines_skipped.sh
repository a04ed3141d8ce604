printf '\n\na\n\n b\n' | xargs -n1 echo
