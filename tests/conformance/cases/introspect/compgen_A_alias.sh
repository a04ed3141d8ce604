alias ll='ls -l' la='ls -a'
compgen -a l
