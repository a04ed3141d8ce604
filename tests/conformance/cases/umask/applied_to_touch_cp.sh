umask 066; touch t; cp t c; stat -c '%a %n' t c
