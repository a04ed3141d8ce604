touch f g; chmod 644 f; chmod 744 g; chmod -v a+X f g
