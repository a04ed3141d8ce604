d=/tmp/sandbash_rl_$$; rm -rf "$d"; mkdir -p "$d/x"; ln -s x "$d/y"
readlink -f "$d/y/../x" | sed "s|^$d|TMP|"; rm -rf "$d"
