"""What a table does, knowing nothing of Discord: lobbies and challenges, play and hints,
timeouts, computer seats (:class:`~bot.tables.service.TableService`).
"""
