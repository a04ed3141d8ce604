touch f; chmod 644 f; chmod -v u+x f; chmod -v go+w f
