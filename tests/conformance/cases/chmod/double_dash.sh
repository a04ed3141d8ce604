touch ./-f; chmod 600 -- -f; chmod -v 640 -- -f
