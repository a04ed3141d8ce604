touch f g; chmod 600 f; chmod 644 g; chmod --reference=f g; chmod -v 600 g
