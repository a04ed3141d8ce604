date -u -d @0 '+a%nb%tc%%d'
