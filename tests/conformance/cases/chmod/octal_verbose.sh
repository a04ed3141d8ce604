touch f; chmod 644 f; chmod -v 755 f; chmod -v 755 f
