touch f; chmod 755 f; chmod -v -w f; chmod -v -x f
