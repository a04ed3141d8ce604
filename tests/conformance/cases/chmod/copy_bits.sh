touch f; chmod 640 f; chmod -v g=u f; chmod -v o=g f
