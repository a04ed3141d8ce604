expr match hello 'h.l'
