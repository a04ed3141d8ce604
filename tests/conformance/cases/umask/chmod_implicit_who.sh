umask 077; echo x > f; chmod +r f; stat -c %a f; chmod a+r f; stat -c %a f; chmod =rw f; stat -c %a f; chmod -w f; stat -c %a f
