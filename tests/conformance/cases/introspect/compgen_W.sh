compgen -W 'apple apricot banana' ap
