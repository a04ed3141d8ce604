[ $(( $(nproc) + 0 )) -ge 1 ] && echo ok
