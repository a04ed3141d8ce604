touch f; chmod 0 f; chmod -v 0 f; chmod -v a+rw f
