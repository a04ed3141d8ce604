[ "$(nproc --ignore=0 --all)" = "$(nproc --all)" ] && echo same
