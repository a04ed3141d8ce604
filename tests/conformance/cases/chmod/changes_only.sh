touch f g; chmod 644 f g; chmod -c 644 f; chmod -c 600 g
