printf "'q'\0" | xargs -0 echo
