"""What players are told after a commit: publish jobs and their queues, the publisher,
pictures, DMs and message texts.
"""
