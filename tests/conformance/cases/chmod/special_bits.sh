touch f; chmod 644 f; chmod -v u+s,g+s f; chmod -v +t f; chmod -v 0644 f
